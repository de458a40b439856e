import { Fragment } from 'react';

type EmailTextProps = { value: string; className?: string };

/**
 * An e-mail address (or a masked one, "m***@example.com") that wraps where a reader expects: at the space before it,
 * else before the @ or before a dot of its domain — never inside "com". Only a part longer than a whole line breaks
 * elsewhere (the global overflow-wrap). Inline, so the full stop after it stays with it.
 */
export function EmailText({ value, className = '' }: EmailTextProps) {
  const at = value.lastIndexOf('@');
  const local = at > 0 ? value.slice(0, at) : value;
  const domainParts = at > 0 ? value.slice(at + 1).split('.') : [];
  return (
    <span className={className || undefined}>
      {local}
      {at > 0 && (
        <>
          <wbr />@
          {domainParts.map((part, i) => (
            <Fragment key={i}>
              {i > 0 && (
                <>
                  <wbr />.
                </>
              )}
              {part}
            </Fragment>
          ))}
        </>
      )}
    </span>
  );
}
