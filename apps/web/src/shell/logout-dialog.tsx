import { LogOut } from 'lucide-react';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';

type LogoutDialogProps = { open: boolean; onCancel: () => void; onConfirm: () => void };

/** The spec's logout confirmation; its texts are required to the letter. */
export function LogoutDialog({ open, onCancel, onConfirm }: LogoutDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      icon={LogOut}
      title="Confirm Logout"
      description="Are you sure you want to log out?"
      confirmLabel="Yes, Logout"
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="logout-dialog"
    />
  );
}
