import { describe, expect, it } from 'vitest';
import { cutText, initials, partOfDay, slugify } from '../../core/shared/text';

describe('text helpers', () => {
  it('slugifies Turkish titles and cuts at the last hyphen under the limit', () => {
    expect(slugify('Güneş Işığında Çay Şöleni')).toBe('gunes-isiginda-cay-soleni');
    const long = slugify('bir iki üç dört beş altı yedi sekiz dokuz on on bir on iki on üç on dört', 30);
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long.endsWith('-')).toBe(false);
    expect(long).toBe('bir-iki-uc-dort-bes-alti-yedi');
  });

  it('cuts a text without splitting a surrogate pair', () => {
    expect(cutText('abcdef', 3)).toBe('abc');
    expect(cutText('ab😀cd', 3)).toBe('ab');
    expect(cutText('ab😀cd', 4)).toBe('ab😀');
    expect(cutText('ab', 5)).toBe('ab');
    expect(cutText('ab', -1)).toBe('');
  });

  it('makes initials', () => {
    expect(initials('ayşe yılmaz')).toBe('AY');
    expect(initials('Deniz')).toBe('D');
  });

  it('greets by the spec hour ranges', () => {
    expect([4, 5, 11, 12, 16, 17, 21, 22].map(partOfDay)).toEqual(['night', 'morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening', 'night']);
  });
});
