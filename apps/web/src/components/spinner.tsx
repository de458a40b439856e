type SpinnerProps = { label?: string; className?: string };

/** An accessible busy indicator: screen readers hear the label, sighted people see the ring. */
export function Spinner({ label = 'Loading…', className = '' }: SpinnerProps) {
  return (
    <div role="status" className={`flex items-center justify-center ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-teal-600/20 border-t-teal-600 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function PageSpinner() {
  return <Spinner className="min-h-[50vh]" />;
}
