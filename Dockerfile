# One image for every eventsite process: the API, the workers (npm run start:worker), the site and
# the operator CLI. compose.yaml runs them; docs/deployment.md says how each scales.
FROM node:20-bookworm-slim
# sharp draws the demo photos' text with the machine's fonts.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
# npm ci runs no install script (.npmrc); the build makes the contract, the API and the site.
RUN npm ci && npm run build
ENV NODE_ENV=production HOST=0.0.0.0
EXPOSE 4000 3000
CMD ["node", "apps/api/dist/server.js"]
