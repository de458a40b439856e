import { Tag, Wrench } from 'lucide-react';
import { EmptyState } from '../../../components/page-states.tsx';

// The services and deals of a vendor arrive with their own issues; each replaces its empty state here.

export function VendorServices({ name }: { name: string }) {
  return (
    <EmptyState icon={Wrench} title="No services to book yet" level="h3" compact>
      When {name} lists services you can book, they will appear here.
    </EmptyState>
  );
}

export function VendorDeals({ name }: { name: string }) {
  return (
    <EmptyState icon={Tag} title="No current deals" level="h3" compact>
      {name} has no deals running right now. Save them as a favorite to hear about the next one.
    </EmptyState>
  );
}
