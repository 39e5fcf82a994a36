export { HistoryModule } from './history.module';
export { HistoryService } from './history.service';
export { replay, kindOf, REPLAYERS } from './aggregates';
export { diffStates, withoutValues } from './diff';
