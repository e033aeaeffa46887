import { Module } from '@nestjs/common';
import { PdfRenderer } from './pdf-renderer.service';

/** PdfRenderer for the worker; reads CHROMIUM_PATH and PDF_PAGES from the global ConfigModule. */
@Module({
  providers: [PdfRenderer],
  exports: [PdfRenderer],
})
export class PdfModule {}
