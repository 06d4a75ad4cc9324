export { AnalysisPanel, AudioFileAnalysisPanel } from './analysis-panel';
export { Waveform, type WaveformProps } from './waveform';
