import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Controller, Get, Header, Param, Res, StreamableFile } from '@nestjs/common';
import { setAnswerHeader, type HttpReply } from '../http/http-request';
import { ProblemError } from '../problems/problem';
import { buildOpenApiDocument } from './openapi';

/**
 * The swagger-ui-dist files the page uses, and the page's own start-up script (no inline script: CSP).
 * A Map, not an object: the name comes from the URL, and `__proto__` or `toString` must be no file.
 */
const ASSETS = new Map<string, { type: string; text: boolean }>([
  ['swagger-ui.css', { type: 'text/css; charset=utf-8', text: true }],
  ['swagger-ui-bundle.js', { type: 'text/javascript; charset=utf-8', text: true }],
  ['favicon-32x32.png', { type: 'image/png', text: false }],
]);
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false });
});
`;
const PAGE = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Afterwards API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png" />
  </head>
  <body>
    <main id="swagger-ui" aria-label="Afterwards API"></main>
    <noscript>The API described for reading: <a href="/api/docs/openapi.json">openapi.json</a>.</noscript>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/init.js"></script>
  </body>
</html>
`;

/** `/api/docs`: the OpenAPI document generated from the contracts, and Swagger UI to browse it. */
@Controller('api/docs')
export class ApiDocsController {
  private document: string | undefined;
  private readonly assetsDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  page(): string {
    return PAGE;
  }

  @Get('openapi.json')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  openApi(): string {
    this.document ??= JSON.stringify(buildOpenApiDocument());
    return this.document;
  }

  @Get('assets/:file')
  asset(@Param('file') file: string, @Res({ passthrough: true }) reply: HttpReply): string | StreamableFile {
    setAnswerHeader(reply, 'Cache-Control', 'public, max-age=86400');
    if (file === 'init.js') {
      setAnswerHeader(reply, 'Content-Type', 'text/javascript; charset=utf-8');
      return INIT_JS;
    }
    const asset = ASSETS.get(file);
    if (!asset) throw new ProblemError(404, 'NOT_FOUND', 'There is no such file.');
    const where = path.join(this.assetsDir, file);
    // Text is answered whole, as a page is (compressed in one write); the icon's bytes as a file of known length.
    if (!asset.text) return new StreamableFile(fs.readFileSync(where), { type: asset.type });
    setAnswerHeader(reply, 'Content-Type', asset.type);
    return fs.readFileSync(where, 'utf8');
  }
}
