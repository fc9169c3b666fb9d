// Screens that join two features (features never import each other; app/ composes them).
import { InstrumentsPage } from '../../features/instruments/components/instruments-page.tsx';
import type { InstrumentScreen } from '../../features/instruments/instrument-kinds.ts';
import { fundPortfolioProposal } from '@fonrisk/contracts';
import { PortfolioForm } from '../../features/portfolios/components/portfolio-form.tsx';
import { UploadPanel } from '../../features/portfolios/components/upload-panel.tsx';
import { SeriesForm } from '../../features/symbol-search/components/series-form.tsx';
import { SymbolSearchPage } from '../../features/symbol-search/components/symbol-search-page.tsx';

/** symbol-search with the price upload of the portfolios feature (prices preselected). */
export function SymbolSearchScreen() {
  return (
    <SymbolSearchPage
      renderUpload={(onClose) => <UploadPanel initialKind="prices" onClose={onClose} />}
    />
  );
}

/**
 * An instrument screen whose new instruments are offered their price series (issue 10); on
 * fund-creation a fund without portfolio is offered its portfolio first (issue 21).
 */
export function InstrumentsScreen({ screen }: { screen: InstrumentScreen }) {
  return (
    <InstrumentsPage
      screen={screen}
      renderPriceSeriesOffer={(instrument, intro, onClose) => (
        <SeriesForm
          series={null}
          intro={intro}
          prefill={{
            ticker: instrument.code,
            name: instrument.name,
            currency: instrument.currency,
            instrumentCode: instrument.code,
            kind: 'price',
            source: screen === 'fund' ? 'tefas' : 'manual',
          }}
          onClose={onClose}
        />
      )}
      renderPortfolioOffer={(fund, intro, onClose) => (
        <PortfolioForm
          portfolio={null}
          defaultKind="fund"
          prefill={fundPortfolioProposal(fund)}
          intro={intro}
          onClose={onClose}
          onSaved={() => undefined}
        />
      )}
    />
  );
}
