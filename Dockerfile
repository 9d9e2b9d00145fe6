# Media Studio: the dashboard and the local API (or proxy) in one image. decisions 071, 099, 130, 132.
#   docker build -t media-studio .
#   docker run -p 8787:8787 -v media-studio-data:/data -e API_KEYS=sk-your-own-key media-studio
# Proxy mode: add -e UPSTREAM_BASE_URL=https://api.example.com -e UPSTREAM_API_KEY=sk-real-key.
FROM node:24-slim AS build
WORKDIR /app
# No compiler: better-sqlite3 13 ships prebuilt Node-API binaries (linux x64/arm64, glibc and musl).
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && node scripts/server-bundle.mjs && npm prune --omit=dev

# Same base as the build stage, so the native modules match.
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist
WORKDIR /app
# Debian's ffmpeg/ffprobe (current, with security fixes) decode what users upload; the bundled 2018
# build in node_modules stays only as the last resort. fontconfig lets drawtext find system fonts.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg fontconfig \
  && rm -rf /var/lib/apt/lists/*
# Owned by root: the server (user node) reads its code but cannot change it; it writes only to
# /data and the temp directory. decision 099.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
# Database and stored files: keep them on a volume so that they survive a new container.
VOLUME ["/data"]
EXPOSE 8787
# Bound to 0.0.0.0 the server refuses the public default key: run with -e API_KEYS=...
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The bundled server, as `npm run serve` runs it (decision 383); node receives SIGTERM directly.
CMD ["node", "--enable-source-maps", "build/server/main.mjs"]
