export * from './theme/color-palette';
export * from './theme/create-app-theme';
export * from './components/PageSection';
export * from './components/InfoGrid';
export * from './components/StatTile';
export * from './components/PagedTable';
export * from './components/LoadError';
