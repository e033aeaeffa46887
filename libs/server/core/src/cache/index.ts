export * from './ttl-cache';
