import { LoaderCircle, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

type ResendButtonProps = {
  /** Seconds before the first resend is allowed (the server's resend_in). */
  availableIn: number;
  /** Sends a new code; resolves the next wait in seconds, or null when it failed (the page shows why). */
  onResend: () => Promise<number | null>;
  label?: string;
};

export function formatWait(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "Resend code", disabled with a countdown until the server allows another code. */
export function ResendButton({ availableIn, onResend, label = 'Resend code' }: ResendButtonProps) {
  const [round, setRound] = useState({ seconds: Math.max(0, Math.ceil(availableIn)) });
  const [left, setLeft] = useState(round.seconds);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  useEffect(() => {
    if (round.seconds <= 0) return;
    // Counted against the clock, not by ticks: a background tab's timers are throttled.
    const endsAt = Date.now() + round.seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [round]);

  const resend = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      const next = await onResend();
      if (next !== null) {
        const seconds = Math.max(0, Math.ceil(next));
        setLeft(seconds);
        setRound({ seconds });
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const waiting = left > 0;
  return (
    <button
      type="button"
      onClick={() => void resend()}
      disabled={waiting || sending}
      aria-busy={sending}
      className="btn-secondary"
    >
      {sending ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <RotateCw aria-hidden="true" className="size-4" />
      )}
      {waiting ? `${label} in ${formatWait(left)}` : label}
    </button>
  );
}
