# Fanmission application image for the distributed mode (docker-compose.yml). One image, three roles:
#   node --import tsx services/src/main.ts --role api|worker|relay
# The API role also serves the built web app (/) and operator console (/admin/) from web/dist and admin-ui/dist.
ARG NODE_IMAGE=node:20-bookworm-slim

# --- dependencies: only the manifests, so this layer is rebuilt only when they change ---
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
# The project uses npm 11, which runs dependency install scripts only for packages listed under `allowScripts`.
ARG NPM_VERSION=11
RUN npm install -g "npm@${NPM_VERSION}"
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY ledger/package.json ledger/
COPY workflows/package.json workflows/
COPY services/package.json services/
COPY web/package.json web/
COPY admin-ui/package.json admin-ui/
COPY tests/package.json tests/
RUN --mount=type=cache,target=/root/.npm npm ci

# --- build: the web app and the operator console (Vite) ---
FROM deps AS build
COPY . .
RUN node --import tsx scripts/build-apps.ts

# --- runtime ---
# TypeScript runs through tsx (a root devDependency), so node_modules is kept whole rather than pruned.
FROM ${NODE_IMAGE} AS runtime
# Every role loads the tracing first; it does nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set
# (services/src/telemetry/register.mjs).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    NODE_OPTIONS="--import /app/services/src/telemetry/register.mjs"
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# Statement PDFs set their Korean and Japanese text in Noto Sans CJK (services/src/income/documents.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
# Scratch space (media processing, the workflow bundle cache); uploads go to the S3 store (MinIO in compose).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# No HEALTHCHECK here: worker and relay serve no HTTP; docker-compose.yml checks the api role's /api/v1/health.
CMD ["node", "--import", "tsx", "services/src/main.ts", "--role", "api"]
