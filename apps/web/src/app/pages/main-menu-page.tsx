import { ComingSoon } from '../../components/coming-soon.tsx';
import type { PageProps } from '../../components/page-props.ts';

/** Wired in routes.tsx; its content is being written (issue 15). */
export default function Page({ title }: PageProps) {
  return <ComingSoon title={title} />;
}
