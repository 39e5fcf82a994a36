# syntax=docker/dockerfile:1
# One image runs the API (the default command), the worker and the operator tools; a second, small
# target (`ops`) runs the backup and restore scripts with PostgreSQL's own client programs.
# See docs/decisions/0020-deployment-images-and-backups.md and the README's "Production profile".
#
#   docker build -t afterwards .
#   docker run … afterwards                                      the API on port 3000
#   docker run … afterwards node apps/worker/dist/main.js        a worker
#   docker run … afterwards node tools/dist/cli.js rebuild       an operator command
#   docker build --target ops -t afterwards-ops .                backup.sh and restore.sh

# The ops target must have the same PostgreSQL major version as the server (pg_dump refuses a newer
# server); docker-compose.yml passes the image its postgres service runs.
ARG POSTGRES_IMAGE=postgres:16-bookworm

FROM node:20-bookworm AS build
WORKDIR /src
# The lockfile is written by npm 11 (README: Node.js 20.19 and npm 11); node:20 ships npm 10.
RUN npm install --global --no-audit --no-fund npm@11.19.1
COPY . .
# Packages' own install scripts are not run, as on the development machines: nothing here needs them
# (native parts come as prebuilt packages). The one step the build needs, generating the Prisma client,
# is the repository's postinstall, run next.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund --ignore-scripts
RUN node tools/scripts/postinstall.mjs
# The apps only: npm run build ends with the first-load budget, which opens the pages in Chromium
# (decision 0024); the image has no browser, and the same sources pass that check before they are shipped.
RUN npm run build:apps
# Drop the build tools, then copy out only what runs (tools/scripts/stage-runtime.sh lists it).
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
 && bash tools/scripts/stage-runtime.sh /src /out

FROM ${POSTGRES_IMAGE} AS ops
COPY --chmod=0755 tools/scripts/backup.sh tools/scripts/restore.sh tools/scripts/pg-connection.sh /usr/local/bin/
WORKDIR /backups
# Not the server's entrypoint: this image only runs the scripts, e.g. `restore.sh --from DIR`.
ENTRYPOINT []
CMD ["backup.sh"]

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/afterwards
WORKDIR /app
COPY --from=build /out/ /app/
# The only place the processes write: the file store (FILE_STORE_DIR defaults to DATA_DIR/files), the signed
# checkpoints (CHECKPOINT_FILE) and, without SMTP_URL, the e-mail outbox. A volume mounted here starts with this ownership.
RUN mkdir -p /var/lib/afterwards/files /var/lib/afterwards/checkpoints \
 && chown -R node:node /var/lib/afterwards
USER node
EXPOSE 3000
# No HEALTHCHECK here: the same image runs the worker and the tools; docker-compose.yml gives each its own.
# The V8 limits of apps/api/node-flags.json (decision 0014); a unit test keeps the two lists equal.
# The worker and tools run with Node's defaults: override the command, e.g. `node apps/worker/dist/main.js`.
CMD ["node", "--max-old-space-size=140", "--max-semi-space-size=8", "--wasm-lazy-compilation", "--v8-pool-size=2", "--no-allocation-site-pretenuring", "apps/api/dist/main.js"]
