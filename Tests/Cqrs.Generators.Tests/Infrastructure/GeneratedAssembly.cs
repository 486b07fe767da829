using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Tests.Infrastructure;

/// <summary>
/// A compilation with its generated code, emitted and loaded into a collectible context. Cqrs.Core and the
/// runtime resolve from the default context, so the loaded types implement the test's own Cqrs interfaces.
/// </summary>
internal sealed class GeneratedAssembly : IDisposable
{
    private readonly AssemblyLoadContext _context = new(nameof(GeneratedAssembly), isCollectible: true);

    public GeneratedAssembly(string source, string assemblyName = "RoundTrip")
    {
        var run = GeneratorHarness.Run(source, assemblyName);
        run.AssertClean();
        using var image = new MemoryStream();
        var emitted = run.Output.Emit(image);
        Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics.Where(diagnostic => diagnostic.Severity == DiagnosticSeverity.Error)));
        image.Position = 0;
        Assembly = _context.LoadFromStream(image);
    }

    public Assembly Assembly { get; }

    /// <summary>The generated codec of a type, through the interface the runtime uses.</summary>
    public LoadedCodec Codec(string typeName)
    {
        var type = Type(typeName);
        var codecType = Type("Cqrs.Generated." + typeName.Replace('.', '_') + "Codec");
        return new LoadedCodec(type, codecType.GetField("Instance")!.GetValue(null)!);
    }

    public Type Type(string fullName) => Assembly.GetType(fullName, throwOnError: true)!;

    /// <summary>Calls a public static method without parameters, e.g. a sample factory.</summary>
    public object Call(string typeName, string methodName) =>
        Type(typeName).GetMethod(methodName)!.Invoke(null, BindingFlags.DoNotWrapExceptions, null, null, null)!;

    public void Dispose() => _context.Unload();
}
