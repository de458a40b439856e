import { describe, expect, it } from 'vitest';
import { formatDistance } from './format-distance.ts';

describe('formatDistance', () => {
  it('says metres to the nearest ten under a kilometre, and "< 100 m" closer still', () => {
    expect(formatDistance(0.05)).toBe('< 100 m');
    expect(formatDistance(0.347)).toBe('350 m');
  });

  it('says kilometres to one decimal under ten, whole ones with thousands separated beyond', () => {
    expect(formatDistance(1.24)).toBe('1.2 km');
    expect(formatDistance(14.4)).toBe('14 km');
    expect(formatDistance(1250)).toBe('1,250 km');
  });
});
