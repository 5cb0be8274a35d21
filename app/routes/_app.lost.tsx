import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Lost Items | Tagback" }];

export default function Page() {
  return (
    <PlannedPage
      title="Lost Items"
      description="Report one of your registered items as lost and track it until it is back."
      items={[
    "pick a registered item and report it lost",
    "mark an item as recovered, or back to pending",
    "delete a report",
      ]}
    />
  );
}
