import type { PageProps } from '../../components/page-props.ts';
import { VendorDirectoryPage } from '../../features/directory/vendor-directory-page.tsx';
import { SetAreaPrompt } from '../../features/location/set-area-prompt.tsx';

/**
 * /VendorList and /Vendor compose two features: the directory (vendors near the chosen area) and the location
 * picker's "Set your area" prompt, shown while no area is chosen (the list is then about New York).
 */
export default function VendorDirectoryRoutePage({ title }: PageProps) {
  return <VendorDirectoryPage title={title} locationPrompt={<SetAreaPrompt what="vendors" />} />;
}
