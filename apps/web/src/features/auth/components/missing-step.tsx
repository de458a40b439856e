import { CircleHelp } from 'lucide-react';
import { Link } from 'react-router';
import { FormCard } from '../../../components/form-card.tsx';

type MissingStepProps = { title: string; explanation: string; startPath: string; startLabel: string };

/** A later step opened without what the earlier step hands it (a bookmark, a reload, a shared link). */
export function MissingStep({ title, explanation, startPath, startLabel }: MissingStepProps) {
  return (
    <FormCard icon={CircleHelp} title={title} description={explanation}>
      <Link to={startPath} className="btn-primary w-full py-3 text-base">
        {startLabel}
      </Link>
    </FormCard>
  );
}
