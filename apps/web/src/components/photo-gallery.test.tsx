import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storedImage, vendorPhoto } from '../test/vendor-fixtures.ts';
import { PhotoGallery } from './photo-gallery.tsx';

const photos = [vendorPhoto(1, 'The shop front on Water Street'), vendorPhoto(2, ''), vendorPhoto(3, 'Sourdough loaves on the counter')];

function renderGallery(list = photos) {
  const user = userEvent.setup();
  render(<PhotoGallery photos={list} title="Hudson Bakery" />);
  return user;
}

const lightbox = () => screen.getByRole('dialog', { name: 'Photos of Hudson Bakery' });
/** The large photo of the lightbox: the one with a srcset for the whole screen. */
const shown = () => within(lightbox()).getAllByRole('img').find((img) => img.getAttribute('sizes') === '100vw');

describe('PhotoGallery', () => {
  it('shows every photo as a button that says what it opens, the cover fetched at once and the others lazily', () => {
    renderGallery();
    const region = screen.getByRole('region', { name: 'Photos of Hudson Bakery' });
    const buttons = within(region).getAllByRole('button', { name: /^Open photo/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Open photo 1 of 3: The shop front on Water Street',
      'Open photo 2 of 3: Photo 2 of 3 of Hudson Bakery',
      'Open photo 3 of 3: Sourdough loaves on the counter',
    ]);
    const images = region.querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images[0]).toHaveAttribute('srcset', expect.stringContaining('/media/images/photo-1.w320.webp 320w'));
    expect(within(region).getByRole('button', { name: 'Show all 3 photos' })).toBeInTheDocument();
  });

  it('opens the lightbox at the photo chosen, moves with the arrow keys, Home and End, and reads out where it is', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: /^Open photo 2 of 3/ }));
    await waitFor(() => expect(lightbox()).toContainElement(document.activeElement as HTMLElement));
    expect(shown()).toHaveAccessibleName('Photo 2 of 3 of Hudson Bakery');
    expect(within(lightbox()).getByText('2 / 3')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName('Sourdough loaves on the counter');
    expect(within(lightbox()).getByText('Photo 3 of 3:', { exact: false })).toBeInTheDocument();
    // The last photo: no further, and the Next button is off.
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName('Sourdough loaves on the counter');
    expect(within(lightbox()).getByRole('button', { name: 'Next photo' })).toBeDisabled();

    await user.keyboard('{Home}');
    expect(shown()).toHaveAccessibleName('The shop front on Water Street');
    expect(within(lightbox()).getByRole('button', { name: 'Previous photo' })).toBeDisabled();
    await user.keyboard('{End}');
    expect(within(lightbox()).getByText('3 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(lightbox()).getByText('2 / 3')).toBeInTheDocument();
  });

  it('jumps to a photo from its thumbnail and moves with the buttons', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Show all 3 photos' }));
    const thumbnails = within(lightbox()).getByRole('list', { name: 'All photos' });
    expect(within(thumbnails).getByRole('button', { name: 'Show photo 1 of 3' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(thumbnails).getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(shown()).toHaveAccessibleName('Sourdough loaves on the counter');
    await user.click(within(lightbox()).getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toHaveAccessibleName('Photo 2 of 3 of Hudson Bakery');
  });

  it('keeps focus inside while open, closes on Escape and gives focus back to the photo that opened it', async () => {
    const user = renderGallery();
    const opener = screen.getByRole('button', { name: /^Open photo 3 of 3/ });
    await user.click(opener);
    await waitFor(() => expect(lightbox()).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(lightbox()).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes with its close button', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: /^Open photo 1 of 3/ }));
    await user.click(within(lightbox()).getByRole('button', { name: 'Close photos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows one photo across the whole width, and nothing at all without photos', () => {
    const { container, rerender } = render(<PhotoGallery photos={[{ id: 'p', caption: 'Inside', image: storedImage('inside') }]} title="Hudson Bakery" />);
    expect(screen.getByRole('button', { name: 'Show photo' })).toBeInTheDocument();
    expect(container.querySelector('li')?.className).toContain('md:col-span-4');
    rerender(<PhotoGallery photos={[]} title="Hudson Bakery" />);
    expect(container).toBeEmptyDOMElement();
  });
});
