#!/usr/bin/env bash
# Compiles and lints infra/main.bicep offline with the Bicep compiler from NuGet, at the version Directory.Packages.props
# pins (restored with the tests that run the same checks, Tests/Cqrs.Functions.Tests/Infra). Writes infra/main.json.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/.*Include="Azure.Bicep.CommandLine.linux-x64" Version="\([^"]*\)".*/\1/p' Directory.Packages.props)
dotnet restore Tests/Cqrs.Functions.Tests/Cqrs.Functions.Tests.csproj >/dev/null
packages=$(dotnet nuget locals global-packages --list | sed 's/^global-packages: //')
bicep="${packages%/}/azure.bicep.commandline.linux-x64/$version/tools/bicep"
"$bicep" build infra/main.bicep --outfile infra/main.json
"$bicep" lint infra/main.bicep
echo "infra/main.bicep: built and linted with Bicep $version"
