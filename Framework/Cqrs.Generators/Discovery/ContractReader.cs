using System;
using System.Collections.Generic;
using System.Linq;
using Cqrs.Generators.Diagnostics;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Discovery;

/// <summary>Reads the codecs of a message and of every contract type its members reach.</summary>
internal sealed class ContractReader
{
    private readonly Compilation _compilation;
    private readonly List<DiagnosticInfo> _diagnostics;
    private readonly ShapeResolver _shapes;
    private readonly Queue<INamedTypeSymbol> _pending = new();
    private readonly HashSet<INamedTypeSymbol> _seen = new(SymbolEqualityComparer.Default);

    private ContractReader(Compilation compilation, List<DiagnosticInfo> diagnostics)
    {
        _compilation = compilation;
        _diagnostics = diagnostics;
        _shapes = new ShapeResolver(compilation.Assembly, Enqueue);
    }

    public static EquatableArray<CodecModel> ReadAll(INamedTypeSymbol message, Compilation compilation, List<DiagnosticInfo> diagnostics)
    {
        var reader = new ContractReader(compilation, diagnostics);
        reader.Enqueue(message);
        var codecs = new List<CodecModel>();
        while (reader._pending.Count > 0)
        {
            codecs.Add(reader.Read(reader._pending.Dequeue()));
        }

        return codecs.ToEquatableArray();
    }

    private void Enqueue(INamedTypeSymbol type)
    {
        if (_seen.Add(type))
        {
            _pending.Enqueue(type);
        }
    }

    private CodecModel Read(INamedTypeSymbol type)
    {
        var keyed = KeyedMembers.Read(type, _compilation, _diagnostics);
        var canEmit = !keyed.HasInvalidKeys;
        var members = new List<MemberModel>();
        foreach (var member in keyed.Members)
        {
            if (_shapes.Resolve(member.Type) is { } shape)
            {
                members.Add(new MemberModel(TypeNames.MemberAccess(member.Symbol), member.Key, shape, IsRequired(member.Symbol)));
            }
            else
            {
                canEmit = false;
                _diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.UnsupportedMemberType, member.Symbol, member.Symbol.Name, type.ToDisplayString(), member.Type.ToDisplayString()));
            }
        }

        var constructorKeys = ConstructorSelector.Select(type, keyed.Members, _compilation);
        if (constructorKeys is null)
        {
            canEmit = false;
            // A missing or invalid key is the likelier cause; it is reported already.
            if (!keyed.HasUnkeyedMembers && !keyed.HasInvalidKeys)
            {
                _diagnostics.Add(DiagnosticInfo.At(DiagnosticDescriptors.NoUsableConstructor, type, type.ToDisplayString()));
            }
        }

        return new CodecModel(
            TypeNames.Plain(type),
            TypeNames.CodecName(type),
            members.ToEquatableArray(),
            (constructorKeys ?? []).ToEquatableArray(),
            members.SelectMany(member => NestedCodecs(member.Shape)).Distinct().OrderBy(name => name, StringComparer.Ordinal).ToEquatableArray(),
            keyed.Members.Any(member => IsRequired(member.Symbol)),
            canEmit);
    }

    private static bool IsRequired(ISymbol member) => member is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true };

    private static IEnumerable<string> NestedCodecs(ValueShape? shape)
    {
        for (; shape is not null; shape = shape.Element)
        {
            if (shape.Kind == ShapeKind.Contract)
            {
                yield return shape.CodecName;
            }
        }
    }
}
