export * from './pdf-document';
export * from './pdf-renderer.service';
export * from './pdf.module';
