export interface HealthStatus {
  status: 'ok' | 'error';
  checks?: Record<string, 'up' | 'down'>;
}
