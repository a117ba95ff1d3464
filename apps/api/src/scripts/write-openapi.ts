import { writeFile } from 'node:fs/promises';
import { generateOpenApi, OPENAPI_FILE } from './openapi.js';

await writeFile(OPENAPI_FILE, await generateOpenApi());
console.log(`Wrote ${OPENAPI_FILE}`);
