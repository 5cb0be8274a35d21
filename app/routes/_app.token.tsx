import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Tagback Token | Tagback" }];

export default function TokenPage() {
  return (
    <PlannedPage
      title="Tagback Token"
      description="Claim the stickers you bought and register the products they are on."
      items={["verify a token with its password", "see and remove your tokens", "register, rename and delete up to 5 products"]}
    />
  );
}
