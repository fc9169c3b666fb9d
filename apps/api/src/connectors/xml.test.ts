import { describe, expect, it } from 'vitest';
import { parseXml, XmlSyntaxError } from './xml.ts';

describe('parseXml', () => {
  it('reads declarations, attributes, nested and empty elements, entities and CDATA', () => {
    const root = parseXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xsl" href="isokur.xsl"?>\n' +
        '<!-- c --><Tarih_Date Tarih="02.01.2025" Date=\'01/02/2025\'><Currency Kod="USD"><Unit>1</Unit><Isim>A &amp; B &#199;</Isim><CrossRateUSD/><X><![CDATA[<y>]]></X></Currency></Tarih_Date>',
    );
    expect(root.name).toBe('Tarih_Date');
    expect(root.attributes).toEqual({ Tarih: '02.01.2025', Date: '01/02/2025' });
    const currency = root.children[0];
    expect(currency?.attributes.Kod).toBe('USD');
    expect(currency?.children.map((c) => [c.name, c.text])).toEqual([
      ['Unit', '1'],
      ['Isim', 'A & B Ç'],
      ['CrossRateUSD', ''],
      ['X', '<y>'],
    ]);
  });

  it.each([
    ['unclosed element', '<a><b></b>'],
    ['crossed tags', '<a><b></a></b>'],
    ['HTML void tags', '<html><body><br></body></html>'],
    ['a DOCTYPE', '<!DOCTYPE html><html></html>'],
    ['text outside the root', 'Service Unavailable'],
    ['two roots', '<a/><b/>'],
    ['a bare ampersand', '<a>x & y</a>'],
    ['an empty document', '   '],
  ])('rejects %s', (_what, xml) => {
    expect(() => parseXml(xml)).toThrow(XmlSyntaxError);
  });
});
