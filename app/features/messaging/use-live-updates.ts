// The browser's side of the live stream (remix-utils' useEventSource, one EventSource per URL
// shared by the hooks below). A message event hands the message over at once; every event also
// reloads the page's data a moment later (at most a few times a second), which brings the contact
// list, unread counts and read marks up to date and fills in anything a burst of events skipped.
import { useEffect, useRef } from "react";
import { useNavigate, useNavigation, useRevalidator } from "react-router";
import { useEventSource } from "remix-utils/sse/react";
import type { LiveMessage } from "./live-message";

/** Reloads after this long, so a burst of events costs one reload. */
const RELOAD_DELAY_MS = 200;

type LiveOptions = {
  /** The stream: /messaging/events, or /messaging/{id}/events for an open conversation. */
  url: string;
  onMessage?: (message: LiveMessage) => void;
  /** Where to go when the open conversation is deleted. */
  onDeletedGoTo?: string;
  enabled?: boolean;
};

/** Whether the stream is connected (it said `ready`), for the page's "Live" mark. */
export function useLiveUpdates({ url, onMessage, onDeletedGoTo, enabled = true }: LiveOptions): { live: boolean } {
  const ready = useEventSource(url, { event: "ready", enabled });
  const message = useEventSource(url, { event: "message", enabled });
  const activity = useEventSource(url, { event: "activity", enabled });
  const deleted = useEventSource(url, { event: "deleted", enabled });
  const signedOut = useEventSource(url, { event: "signed-out", enabled });
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, onMessage, navigating: navigation.state !== "idle" });
  latest.current = { revalidator, onMessage, navigating: navigation.state !== "idle" };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function reloadSoon() {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      // A navigation under way loads the page's data anyway. Revalidating now would make React
      // Router drop that load and start another, and with it the one-time toast the first load
      // had already taken from its cookie ("Conversation deleted" was lost so, now and then).
      if (!latest.current.navigating) void latest.current.revalidator.revalidate();
    }, RELOAD_DELAY_MS);
  }

  useEffect(() => {
    if (!message) return;
    try {
      latest.current.onMessage?.(JSON.parse(message) as LiveMessage);
    } catch {
      // Not a message we understand: the reload below brings the truth.
    }
    reloadSoon();
  }, [message]);

  useEffect(() => {
    if (activity) reloadSoon();
  }, [activity]);

  useEffect(() => {
    // The account was erased elsewhere: the reload finds no session and goes to sign-in.
    if (signedOut) reloadSoon();
  }, [signedOut]);

  useEffect(() => {
    // Someone else deleted it. (Whoever deleted it here is already on the way, with a toast.)
    if (deleted && onDeletedGoTo && !latest.current.navigating) navigate(onDeletedGoTo, { replace: true });
  }, [deleted, onDeletedGoTo, navigate]);

  return { live: enabled && ready !== null };
}
