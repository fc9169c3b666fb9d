// The funds of the night data set as the holdings upload's confirmation creates them.
import { ASSET_MANAGER, type NightDataSet } from './data-set.ts';

export function newPortfolios(data: NightDataSet) {
  return data.funds.map((f) => ({
    code: f.code,
    name: f.name,
    kind: 'fund',
    fundCategory: f.category,
    currency: 'TRY',
    managementCompany: ASSET_MANAGER,
  }));
}
