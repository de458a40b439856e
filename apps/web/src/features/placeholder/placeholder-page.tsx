import type { PageProps } from '../../shell/lazy-page.ts';
import { ComingSoon } from '../../shell/coming-soon.tsx';

/** Stands in for every screen whose issue has not landed yet; the route table gives the title. */
export default function PlaceholderPage({ title }: PageProps) {
  return <ComingSoon title={title} />;
}
