using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Cqrs.Generators.Diagnostics;
using Cqrs.Generators.Model;
using Microsoft.CodeAnalysis;

namespace Cqrs.Generators.Emit;

/// <summary>The output step: reports every diagnostic and emits the codecs, the sagas' maps, the registry and the <c>AddCqrs</c> overload.</summary>
internal static class SourceOutput
{
    public static void Produce(SourceProductionContext context, ImmutableArray<DiscoveredType> types, string assemblyName)
    {
        // Partial declarations and shared contracts are discovered more than once, as equal values.
        var messages = types.Select(type => type.Message).OfType<MessageModel>().Distinct()
            .OrderBy(message => message.WireName, StringComparer.Ordinal).ThenBy(message => message.TypeName, StringComparer.Ordinal).ToList();
        var handlers = types.SelectMany(type => type.Handlers).Distinct()
            .OrderBy(handler => handler.HandlerTypeName, StringComparer.Ordinal).ThenBy(handler => handler.MessageTypeName, StringComparer.Ordinal).ToList();
        var validators = types.Select(type => type.Validator).OfType<ValidatorModel>().Distinct()
            .OrderBy(validator => validator.ValidatorTypeName, StringComparer.Ordinal).ThenBy(validator => validator.MessageTypeName, StringComparer.Ordinal).ToList();

        foreach (var diagnostic in types.SelectMany(type => type.Diagnostics).Concat(RegistryChecks.Check(messages, handlers)).Distinct())
        {
            context.ReportDiagnostic(diagnostic.ToDiagnostic());
        }

        if (messages.Count + handlers.Count + validators.Count == 0)
        {
            return;
        }

        var codecs = EmittableCodecs(types.SelectMany(type => type.Codecs));
        foreach (var codec in codecs.Values.OrderBy(codec => codec.CodecName, StringComparer.Ordinal))
        {
            context.AddSource(codec.CodecName + ".g.cs", CodecEmitter.Emit(codec));
        }

        var sagaMaps = types.Select(type => type.SagaMap).OfType<SagaMapModel>().Where(map => map.Messages.Count > 0).Distinct().ToList();
        foreach (var map in sagaMaps)
        {
            context.AddSource(map.MapName + ".g.cs", SagaMapEmitter.Emit(map));
        }

        var timeouts = sagaMaps.SelectMany(map => map.Messages).Where(message => message.Timeout).Select(message => message.MessageTypeName)
            .Distinct().OrderBy(name => name, StringComparer.Ordinal);

        var registryName = TypeNames.Identifier(assemblyName) + "MessageRegistry";
        var registered = messages.Where(message => message.WireName is not null && codecs.ContainsKey(message.CodecName));
        context.AddSource(registryName + ".g.cs", RegistryEmitter.Emit(registryName, registered, handlers, validators, timeouts));
        context.AddSource("CqrsGeneratedServiceCollectionExtensions.g.cs", ServiceCollectionEmitter.Emit(registryName));
    }

    /// <summary>The codecs without errors whose nested codecs are emitted too, by name.</summary>
    private static Dictionary<string, CodecModel> EmittableCodecs(IEnumerable<CodecModel> codecs)
    {
        var emittable = new Dictionary<string, CodecModel>(StringComparer.Ordinal);
        foreach (var codec in codecs.Where(codec => codec.CanEmit))
        {
            emittable[codec.CodecName] = codec;
        }

        List<string> broken;
        do
        {
            broken = emittable.Values
                .Where(codec => codec.NestedCodecs.Any(nested => !emittable.ContainsKey(nested)))
                .Select(codec => codec.CodecName)
                .ToList();
            broken.ForEach(name => emittable.Remove(name));
        }
        while (broken.Count > 0);

        return emittable;
    }
}
