import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text.tsx';

/** The text between the line-break opportunities (<wbr>) the address offers. */
function segmentsOf(container: HTMLElement): string[] {
  const span = container.firstElementChild as HTMLElement;
  const parts = [''];
  for (const node of span.childNodes) {
    if (node.nodeName === 'WBR') parts.push('');
    else parts[parts.length - 1] += node.textContent ?? '';
  }
  return parts;
}

describe('EmailText', () => {
  it('shows the address whole and lets it break only before the @ and before the dots of its domain', () => {
    const { container } = render(<EmailText value="m***@example.com" />);
    expect(container).toHaveTextContent('m***@example.com');
    expect(segmentsOf(container)).toEqual(['m***', '@example', '.com']);
  });

  it('keeps the dots of the local part unbroken', () => {
    const { container } = render(<EmailText value="first.last@mail.example.co.uk" className="font-medium" />);
    expect(segmentsOf(container)).toEqual(['first.last', '@mail', '.example', '.co', '.uk']);
    expect(container.firstElementChild).toHaveClass('font-medium');
  });

  it('shows a value without an @ (a phone number) as it is', () => {
    const { container } = render(<EmailText value="+1•••••0001" />);
    expect(segmentsOf(container)).toEqual(['+1•••••0001']);
  });
});
