import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Settings | Tagback" }];

export default function SettingsPage() {
  return (
    <PlannedPage
      title="Settings"
      description="Privacy, account information and account deletion."
      items={["choose what finders see (masked bio, contact buttons)", "see your account e-mail", "ask for your account to be deleted"]}
    />
  );
}
