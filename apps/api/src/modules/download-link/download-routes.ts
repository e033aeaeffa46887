import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { AccessRule } from '../../common/access.decorators';
import { discoverRoutes } from '../../common/openapi';

/** The GET routes that answer a file (`@ReturnsFile`, `@ReturnsXlsx`): the only ones a download link may name. */
@Injectable()
export class DownloadRoutes {
  private table: Map<string, AccessRule> | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** The access rule of the file route at exactly this path, if there is one. */
  accessOf(path: string): AccessRule | undefined {
    this.table ??= new Map(
      discoverRoutes(this.discovery, this.scanner, this.reflector)
        .filter((r) => r.method === 'get' && r.response?.kind === 'file' && r.access)
        .map((r) => [r.path, r.access as AccessRule]),
    );
    return this.table.get(path);
  }
}
