// /messaging with no conversation open: the chat panel's empty state (on narrow screens only the
// contact list shows).
import { RespectBanner } from "~/features/messaging/chat-panel";
import { useT } from "~/i18n/use-t";

export default function NoConversationOpen() {
  const { t } = useT();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-lg font-semibold text-slate-800">{t("messagingPage.selectConversation")}</p>
      <p className="max-w-sm text-sm text-slate-600">{t("messagingPage.selectLead")}</p>
      <RespectBanner />
    </div>
  );
}
