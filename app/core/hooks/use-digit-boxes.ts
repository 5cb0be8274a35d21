import { useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";

/** Digits only; tags (a pasted snippet of HTML) and separators are dropped. */
function digitsOf(text: string) {
  return text.replace(/<[^>]*>/g, "").replace(/\D/g, "");
}

/**
 * One-digit boxes (unlock digits, token digits): typing advances, Backspace on an empty box goes
 * back and clears it, a paste spreads over the boxes from the one pasted into.
 */
export function useDigitBoxes(length: number, onChange?: () => void) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  function fill(from: number, text: string) {
    const digits = digitsOf(text).slice(0, length - from).split("");
    digits.forEach((digit, offset) => {
      const box = boxes.current[from + offset];
      if (box) box.value = digit;
    });
    boxes.current[Math.min(from + digits.length, length - 1)]?.focus();
    onChange?.();
  }

  function boxProps(index: number) {
    return {
      ref: (element: HTMLInputElement | null) => {
        boxes.current[index] = element;
      },
      type: "text",
      inputMode: "numeric" as const,
      autoComplete: "off",
      maxLength: 1,
      onInput: (event: FormEvent<HTMLInputElement>) => {
        const input = event.currentTarget;
        const value = digitsOf(input.value);
        if (value.length > 1) return fill(index, value);
        input.value = value;
        if (value) boxes.current[index + 1]?.focus();
        onChange?.();
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== "Backspace" || event.currentTarget.value || index === 0) return;
        event.preventDefault();
        const previous = boxes.current[index - 1];
        if (previous) {
          previous.value = "";
          previous.focus();
        }
        onChange?.();
      },
      onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
        event.preventDefault();
        fill(index, event.clipboardData.getData("text"));
      },
    };
  }

  return { boxes, boxProps };
}
