import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Found Items | Tagback" }];

export default function Page() {
  return (
    <PlannedPage
      title="Found Items"
      description="Found something? Look up its owner by metro card number or Tagback token."
      items={[
    "search by metro card or token, or scan the sticker's QR code with your camera",
    "see the owner's public profile and contact them",
    "claim a token you found that belongs to nobody yet",
      ]}
    />
  );
}
