# Used by compose.yaml. Builds both web bundles, then runs the API on Deno from npm; the same image
# runs the staff bundle's own static server (`npm run serve:admin`, compose's `admin` service).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY adapters/package.json adapters/
COPY api/package.json api/
COPY web-public/package.json web-public/
COPY web-admin/package.json web-admin/
# npm ci's postinstall applies patches/ (postgres.js: a write pending when a connection closes).
COPY patches/ patches/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV PORT=8000
EXPOSE 8000 8001
CMD ["npm", "run", "serve"]
