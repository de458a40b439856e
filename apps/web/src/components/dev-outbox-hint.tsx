import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { to } from '../paths.ts';

/**
 * Shown on every code-entry page: without SMTP or an SMS provider, codes land in the developer outbox.
 * Always shown (simple); the outbox page itself says when the server has it off.
 */
export function DevOutboxHint({ recipient }: { recipient?: string | undefined }) {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-slate-50 px-3 py-2.5 text-xs text-slate-600">
      <Inbox aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
      <span>
        Trying LocalLoop locally?{' '}
        {/* A new tab, so this page and the details it holds stay where they are. */}
        <Link
          to={to.devOutbox(recipient)}
          target="_blank"
          rel="noopener"
          className="font-semibold text-teal-800 underline-offset-2 hover:underline"
        >
          Read your code in the developer outbox<span className="sr-only"> (opens in a new tab)</span>.
        </Link>
      </span>
    </p>
  );
}
