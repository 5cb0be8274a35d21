// /messaging with no conversation open: the chat panel's empty state (on narrow screens only the
// contact list shows).
import { RespectBanner } from "~/features/messaging/chat-panel";

export default function NoConversationOpen() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-lg font-semibold text-slate-800">Select a conversation</p>
      <p className="max-w-sm text-sm text-slate-600">
        Open a conversation from the list, or search a metro card or Tagback Token number to message its owner.
      </p>
      <RespectBanner />
    </div>
  );
}
