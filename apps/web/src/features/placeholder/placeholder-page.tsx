import { ComingSoon } from '../../components/coming-soon.tsx';
import type { PageProps } from '../../components/page-props.ts';

/** Stands in for every screen whose issue has not landed yet; the route table gives the title. */
export default function PlaceholderPage({ title }: PageProps) {
  return <ComingSoon title={title} />;
}
