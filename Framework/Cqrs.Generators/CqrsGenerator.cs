using Cqrs.Generators.Discovery;
using Cqrs.Generators.Emit;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators;

/// <summary>
/// Finds the messages, aggregate states, handlers and validators of a compilation and emits their MessagePack
/// codecs, the assembly's message registry and an <c>AddCqrs</c> overload that uses it, so nothing is scanned at start-up;
/// reports <c>[OrderingKey]</c> where it orders nothing.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class CqrsGenerator : IIncrementalGenerator
{
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        var types = context.SyntaxProvider
            .CreateSyntaxProvider(TypeDiscovery.IsCandidate, TypeDiscovery.Discover)
            .Where(static type => type is not null)
            .Select(static (type, _) => type!)
            .Collect();
        var assemblyName = context.CompilationProvider.Select(static (compilation, _) => compilation.AssemblyName ?? string.Empty);
        context.RegisterSourceOutput(
            types.Combine(assemblyName),
            static (output, input) => SourceOutput.Produce(output, input.Left, input.Right));
        var misplacedOrderingKeys = context.SyntaxProvider
            .CreateSyntaxProvider(MisplacedOrderingKeys.IsCandidate, MisplacedOrderingKeys.Discover)
            .Where(static diagnostic => diagnostic is not null);
        context.RegisterSourceOutput(misplacedOrderingKeys, static (output, diagnostic) => output.ReportDiagnostic(diagnostic!.ToDiagnostic()));
    }
}
