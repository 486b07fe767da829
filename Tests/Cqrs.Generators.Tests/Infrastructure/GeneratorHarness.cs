using Cqrs;
using FluentValidation;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Cqrs.Generators.Tests.Infrastructure;

/// <summary>Compiles source snippets with the generator, against Cqrs.Core, FluentValidation and the runtime.</summary>
internal static class GeneratorHarness
{
    /// <summary>The usings every snippet starts with.</summary>
    private const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.Threading;
        using System.Threading.Tasks;
        using Cqrs;

        """;

    private static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    /// <summary>Reference version unification notices, silenced by the .NET SDK too.</summary>
    private static readonly Dictionary<string, ReportDiagnostic> UnificationWarnings = new()
    {
        ["CS1701"] = ReportDiagnostic.Suppress,
        ["CS1702"] = ReportDiagnostic.Suppress,
    };

    /// <summary>
    /// The runtime, Cqrs.Core and its dependencies. Cqrs.EventSourcing, which the saga tests pass in, is left out, so
    /// that snippets may declare stand-ins for its contracts.
    /// </summary>
    private static readonly Lazy<MetadataReference[]> References = new(() =>
        ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
            .Split(Path.PathSeparator)
            .Where(path => !path.EndsWith("Cqrs.EventSourcing.dll", StringComparison.Ordinal))
            .Append(typeof(ICommand).Assembly.Location)
            .Append(typeof(AbstractValidator<>).Assembly.Location)
            .Append(typeof(MessagePack.MessagePackReader).Assembly.Location)
            .Distinct(StringComparer.Ordinal)
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .ToArray());

    /// <summary>Cqrs.EventSourcing, for snippets that compile against the real saga contracts.</summary>
    public static readonly MetadataReference SagaContracts = MetadataReference.CreateFromFile(typeof(Cqrs.EventSourcing.ISagaStore).Assembly.Location);

    public static CSharpCompilation Compile(string assemblyName, IEnumerable<string> sources, params MetadataReference[] extraReferences) =>
        CSharpCompilation.Create(
            assemblyName,
            sources.Select((source, index) => CSharpSyntaxTree.ParseText(Usings + source, ParseOptions, path: $"{assemblyName}.{index}.cs")),
            References.Value.Concat(extraReferences),
            new CSharpCompilationOptions(
                OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable,
                specificDiagnosticOptions: UnificationWarnings));

    public static GeneratorRun Run(string source, string assemblyName = "Test.Assembly", params MetadataReference[] extraReferences) =>
        Run(Compile(assemblyName, [source], extraReferences));

    public static GeneratorRun Run(Compilation compilation)
    {
        var driver = CSharpGeneratorDriver.Create(
            [new CqrsGenerator().AsSourceGenerator()],
            parseOptions: ParseOptions,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        var ran = driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        return new GeneratorRun(ran, output, diagnostics);
    }
}
