import { confidenceOf, extractBusiness, foundBusinessDetails, nameFromFileName } from './document-extraction';

const brochure = `Hope & Sons Funeral Directors Ltd

We provide caring, dignified funeral services for families across West Yorkshire and beyond.
Address: 12 Park Row, Leeds LS1 5HN
Phone: 0113 496 0000
Email: Info@HopeAndSons.example
Website: www.hopeandsons.example
Simple cremation packages with a price from £1,950 including the coffin and hearse.`;

describe('document extraction rules', () => {
  it('finds every field of a full brochure, and confidence says all were found', () => {
    const result = extractBusiness(brochure, 'brochure.pdf');
    expect(result.data).toEqual({
      businessName: 'Hope & Sons Funeral Directors Ltd',
      category: 'Funeral Directors',
      location: 'Leeds',
      address: '12 Park Row, Leeds LS1 5HN',
      phone: '0113 496 0000',
      email: 'info@hopeandsons.example',
      website: 'https://www.hopeandsons.example',
      description: 'We provide caring, dignified funeral services for families across West Yorkshire and beyond.',
      pricing: 'From £1,950',
    });
    expect(result.found).toHaveLength(9);
    expect(result.confidence).toBe(100);
  });

  it('prefers a labelled name, and a labelled location', () => {
    const result = extractBusiness('Company: Leeds Probate Partners\nBased in Harrogate\nOur solicitor team handles estates.', 'x.txt');
    expect(result.data).toMatchObject({ businessName: 'Leeds Probate Partners', location: 'Harrogate', category: 'Legal Services' });
  });

  it('falls back to the file name, Support Services and Unknown Location, and scores only what it found', () => {
    const result = extractBusiness('a note about bereavement cafés: drop in on tuesdays', 'cafe_list-2024.txt');
    expect(result.data).toMatchObject({ businessName: 'cafe list 2024', category: 'Support Services', location: 'Unknown Location', phone: null, email: null });
    expect(result.found).toEqual([]);
    expect(result.confidence).toBe(0);
  });

  it('takes a place before UK, and a phone after "call us on"', () => {
    const result = extractBusiness('The Quiet Room Services\nYork, UK\nCall us on 01904 555 123 any time.', 'q.txt');
    expect(result.data).toMatchObject({ businessName: 'The Quiet Room Services', location: 'York', phone: '01904 555 123' });
    expect(result.confidence).toBe(confidenceOf(['businessName', 'location', 'phone']));
  });

  it('does not take "registered charity" for a register office', () => {
    expect(extractBusiness('Registered charity number 1234567. We support bereaved children.', 'c.txt').data.category).toBe('Support Services');
    expect(extractBusiness('Visit the register office to record the death.', 'r.txt').data.category).toBe('Register Offices');
  });

  it('turns dashes and underscores of a file name into spaces', () => {
    expect(nameFromFileName('north-leeds_funerals.docx')).toBe('north leeds funerals');
  });

  it('says a text with nothing but defaults, or only a category keyword, gave no business details', () => {
    // The file name gives the name, 'Support Services' and 'Unknown Location' the rest: confidence 0.
    const nothing = extractBusiness('not really a PDF, only a few words typed into a text file', 'not-really.pdf');
    expect([nothing.data.businessName, nothing.confidence, foundBusinessDetails(nothing)]).toEqual(['not really', 0, false]);
    // 'funeral' in a letter names a category, not a business.
    expect(foundBusinessDetails(extractBusiness('Thank you for coming to the funeral on Friday.', 'letter.txt'))).toBe(false);
    expect(foundBusinessDetails(extractBusiness('Phone: 0113 496 0000', 'card.txt'))).toBe(true);
  });
});
