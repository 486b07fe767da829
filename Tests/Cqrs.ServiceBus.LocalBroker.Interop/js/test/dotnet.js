// The .NET programs this suite runs, as `dotnet build CQRS.sln -c Release` leaves them.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const repository = fileURLToPath(new URL("../../../../", import.meta.url));

/** The path of a built assembly, from its project folder (relative to the repository); throws when it is not built. */
export function builtAssembly(projectFolder, assemblyName) {
  const path = `${repository}${projectFolder}/bin/Release/net10.0/${assemblyName}.dll`;
  if (!existsSync(path)) {
    throw new Error(`${assemblyName} is not built: run 'dotnet build CQRS.sln -c Release' first (looked for ${path}).`);
  }

  return path;
}
