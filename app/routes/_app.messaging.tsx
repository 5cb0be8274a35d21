import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Messaging | Tagback" }];

export default function Page() {
  return (
    <PlannedPage
      title="Messaging"
      description="Talk with finders and owners without sharing your phone number."
      items={[
    "start a conversation from a metro card or token number",
    "receive messages live while a conversation is open",
    "delete a conversation",
      ]}
    />
  );
}
