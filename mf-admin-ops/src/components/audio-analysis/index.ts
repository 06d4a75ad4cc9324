export { AnalysisPanel, AudioFileAnalysisPanel } from './analysis-panel';
