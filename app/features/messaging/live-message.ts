// A message as the chat shows it and as every participant's browser receives it live (loader data
// and the event stream carry the same shape).
export type LiveMessage = {
  id: string;
  conversationId: string;
  senderId: string;
  content: string;
  /** ISO time. */
  createdAt: string;
  /** Preformatted (IST) on the server, so a rendered and a live message read alike. */
  time: string;
};
