import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Lost and Found | Tagback" }];

export default function Page() {
  return (
    <PlannedPage
      title="Lost and Found"
      description="Your lost-item reports and the owner search in one place."
      items={[
    "report a lost metro card or product",
    "search for the owner of an item you found",
      ]}
    />
  );
}
