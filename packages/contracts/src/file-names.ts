/**
 * A download's name from a Turkish text (a report's title, an analysis and its table, a chart):
 * ASCII letters and digits, each run of anything else one dash, none at either end. Turkish
 * letters and other accented ones become their base letter ("Yönetim Kurulu Aylık Risk Raporu —
 * AAK" -> "Yonetim-Kurulu-Aylik-Risk-Raporu-AAK"): a name every mail client, archive and file
 * share keeps as it is. Empty when the text has no letter or digit.
 */
export function fileNameStem(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
