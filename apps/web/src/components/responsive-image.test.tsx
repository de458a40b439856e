import { fireEvent, render, screen } from '@testing-library/react';
import type { ResponsiveImage as ResponsiveImageData } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { defaultSrcOf, ResponsiveImage, srcSetOf } from './responsive-image.tsx';

const photo: ResponsiveImageData = {
  url: '/media/images/shop.jpg',
  width: 1600,
  height: 1000,
  variants: [
    { url: '/media/images/shop.w1280.webp', width: 1280, height: 800, content_type: 'image/webp' },
    { url: '/media/images/shop.w320.webp', width: 320, height: 200, content_type: 'image/webp' },
    { url: '/media/images/shop.w640.webp', width: 640, height: 400, content_type: 'image/webp' },
  ],
};

const fallback = <span data-testid="fallback">HB</span>;

describe('srcSetOf and defaultSrcOf', () => {
  it('lists every rendition and the full-size file by width, narrowest first', () => {
    expect(srcSetOf(photo)).toBe('/media/images/shop.w320.webp 320w, /media/images/shop.w640.webp 640w, /media/images/shop.w1280.webp 1280w, /media/images/shop.jpg 1600w');
  });

  it('leaves out a rendition as wide as the image, so no width is listed twice', () => {
    const square = { url: '/a.jpg', width: 640, height: 640, variants: [{ url: '/a.w640.webp', width: 640, height: 640, content_type: 'image/webp' }] };
    expect(srcSetOf(square)).toBe('/a.jpg 640w');
  });

  it('falls back to the rendition nearest 640 px, the widest smaller one, or the file itself', () => {
    expect(defaultSrcOf(photo)).toBe('/media/images/shop.w640.webp');
    expect(defaultSrcOf({ ...photo, variants: photo.variants.filter((v) => v.width < 640) })).toBe('/media/images/shop.w320.webp');
    expect(defaultSrcOf({ ...photo, variants: [] })).toBe('/media/images/shop.jpg');
  });
});

describe('ResponsiveImage', () => {
  it('draws the picture with srcset, sizes, its pixel size and lazy loading, in a box of fixed proportions', () => {
    render(<ResponsiveImage image={photo} alt="The bakery's counter" sizes="(min-width: 1024px) 25vw, 100vw" aspectRatio="16 / 10" fallback={fallback} />);
    const img = screen.getByRole('img', { name: "The bakery's counter" });
    expect(img).toHaveAttribute('src', '/media/images/shop.w640.webp');
    expect(img).toHaveAttribute('srcset', srcSetOf(photo));
    expect(img).toHaveAttribute('sizes', '(min-width: 1024px) 25vw, 100vw');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1000');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img.parentElement).toHaveStyle({ aspectRatio: '16 / 10' });
    expect(screen.queryByTestId('fallback')).not.toBeInTheDocument();
  });

  it('keeps the image\'s own proportions without an aspect ratio, and fetches the page\'s main picture at once', () => {
    render(<ResponsiveImage image={photo} alt="" sizes="100vw" priority fallback={fallback} />);
    // alt="" makes it decorative: no longer an img to assistive technology.
    const img = screen.getByRole('presentation');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img.parentElement).toHaveStyle({ aspectRatio: '1600 / 1000' });
  });

  it('shows the fallback when there is no picture, in a box that keeps its place', () => {
    render(<ResponsiveImage image={null} alt="Logo" sizes="56px" aspectRatio="1 / 1" fallback={fallback} />);
    expect(screen.getByTestId('fallback')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('fallback').closest('span[style]')).toHaveStyle({ aspectRatio: '1 / 1' });
  });

  it('shows the fallback instead of a broken picture when the file cannot be loaded, and tries a new picture again', () => {
    const { rerender } = render(<ResponsiveImage image={photo} alt="Shop front" sizes="100vw" fallback={fallback} />);
    fireEvent.error(screen.getByRole('img', { name: 'Shop front' }));
    expect(screen.getByTestId('fallback')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    rerender(<ResponsiveImage image={{ ...photo, url: '/media/images/other.jpg' }} alt="Shop front" sizes="100vw" fallback={fallback} />);
    expect(screen.getByRole('img', { name: 'Shop front' })).toBeInTheDocument();
  });
});
