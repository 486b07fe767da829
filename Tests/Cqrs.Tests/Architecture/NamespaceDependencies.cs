using System.Collections.Immutable;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;

namespace Cqrs.Tests.Architecture;

/// <summary>
/// Which namespace of an assembly uses which other namespace of the same assembly, read from its metadata: base types,
/// interfaces, generic constraints, member signatures, attributes, and every token in every method body (the types,
/// members and signatures the IL names, locals and catch clauses). Each edge keeps one pair of types that makes it, so a
/// failure can say where to look. Top-level generated types (a generator's helpers) are left out: their namespace is
/// the generator's choice, not ours; nested ones (lambdas, state machines) count as their declaring type's code.
/// </summary>
internal sealed class NamespaceDependencies
{
    private static readonly Dictionary<short, OperandType> OperandTypes = typeof(OpCodes)
        .GetFields()
        .Select(field => (OpCode)field.GetValue(null)!)
        .ToDictionary(opCode => opCode.Value, opCode => opCode.OperandType);

    private readonly MetadataReader _reader;
    private readonly TypeCollector _collector = new();

    private NamespaceDependencies(MetadataReader reader)
    {
        _reader = reader;
    }

    /// <summary>From a namespace, to each namespace it uses, with one "Type → Type" that uses it.</summary>
    public Dictionary<string, Dictionary<string, string>> Edges { get; } = new(StringComparer.Ordinal);

    public static NamespaceDependencies Read(string assemblyPath)
    {
        using var stream = File.OpenRead(assemblyPath);
        using var pe = new PEReader(stream);
        var dependencies = new NamespaceDependencies(pe.GetMetadataReader());
        dependencies.ReadAll(pe);
        return dependencies;
    }

    private void ReadAll(PEReader pe)
    {
        foreach (var handle in _reader.TypeDefinitions)
        {
            var type = _reader.GetTypeDefinition(handle);
            if (Outermost(handle) is not { } owner || IsGenerated(_reader.GetTypeDefinition(owner)))
            {
                continue;
            }

            _collector.Found.Clear();
            ReadType(pe, type);
            foreach (var used in _collector.Found)
            {
                AddEdge(owner, used);
            }
        }
    }

    private void ReadType(PEReader pe, TypeDefinition type)
    {
        Use(type.BaseType);
        foreach (var implementation in type.GetInterfaceImplementations())
        {
            Use(_reader.GetInterfaceImplementation(implementation).Interface);
        }

        UseConstraints(type.GetGenericParameters());
        UseAttributes(type.GetCustomAttributes());
        foreach (var handle in type.GetFields())
        {
            var field = _reader.GetFieldDefinition(handle);
            field.DecodeSignature(_collector, null);
            UseAttributes(field.GetCustomAttributes());
        }

        foreach (var handle in type.GetProperties())
        {
            _reader.GetPropertyDefinition(handle).DecodeSignature(_collector, null);
        }

        foreach (var handle in type.GetMethods())
        {
            var method = _reader.GetMethodDefinition(handle);
            method.DecodeSignature(_collector, null);
            UseConstraints(method.GetGenericParameters());
            UseAttributes(method.GetCustomAttributes());
            if (method.RelativeVirtualAddress != 0)
            {
                ReadBody(pe.GetMethodBody(method.RelativeVirtualAddress));
            }
        }
    }

    private void ReadBody(MethodBodyBlock body)
    {
        if (!body.LocalSignature.IsNil)
        {
            _reader.GetStandaloneSignature(body.LocalSignature).DecodeLocalSignature(_collector, null);
        }

        foreach (var region in body.ExceptionRegions)
        {
            Use(region.CatchType);
        }

        var il = body.GetILReader();
        while (il.RemainingBytes > 0)
        {
            short value = il.ReadByte();
            if (value == 0xFE)
            {
                value = (short)(0xFE00 | il.ReadByte());
            }

            switch (OperandTypes[value])
            {
                case OperandType.InlineField or OperandType.InlineMethod or OperandType.InlineTok or OperandType.InlineType or OperandType.InlineSig:
                    Use(MetadataTokens.EntityHandle(il.ReadInt32()));
                    break;
                case OperandType.InlineSwitch:
                    var targets = il.ReadInt32();
                    il.Offset += 4 * targets;
                    break;
                case OperandType.InlineI8 or OperandType.InlineR:
                    il.Offset += 8;
                    break;
                case OperandType.InlineBrTarget or OperandType.InlineI or OperandType.InlineString or OperandType.ShortInlineR:
                    il.Offset += 4;
                    break;
                case OperandType.InlineVar:
                    il.Offset += 2;
                    break;
                case OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar:
                    il.Offset += 1;
                    break;
            }
        }
    }

    private void UseConstraints(GenericParameterHandleCollection parameters)
    {
        foreach (var parameter in parameters)
        {
            foreach (var constraint in _reader.GetGenericParameter(parameter).GetConstraints())
            {
                Use(_reader.GetGenericParameterConstraint(constraint).Type);
            }
        }
    }

    private void UseAttributes(CustomAttributeHandleCollection attributes)
    {
        foreach (var attribute in attributes)
        {
            Use(_reader.GetCustomAttribute(attribute).Constructor);
        }
    }

    /// <summary>Records the types of this assembly that <paramref name="handle"/> names, through any member or signature.</summary>
    private void Use(EntityHandle handle)
    {
        if (handle.IsNil)
        {
            return;
        }

        switch (handle.Kind)
        {
            case HandleKind.TypeDefinition:
                _collector.Found.Add((TypeDefinitionHandle)handle);
                break;
            case HandleKind.TypeSpecification:
                _reader.GetTypeSpecification((TypeSpecificationHandle)handle).DecodeSignature(_collector, null);
                break;
            case HandleKind.MethodDefinition:
                _collector.Found.Add(_reader.GetMethodDefinition((MethodDefinitionHandle)handle).GetDeclaringType());
                break;
            case HandleKind.FieldDefinition:
                _collector.Found.Add(_reader.GetFieldDefinition((FieldDefinitionHandle)handle).GetDeclaringType());
                break;
            case HandleKind.MemberReference:
                var member = _reader.GetMemberReference((MemberReferenceHandle)handle);
                Use(member.Parent);
                if (member.GetKind() == MemberReferenceKind.Method)
                {
                    member.DecodeMethodSignature(_collector, null);
                }
                else
                {
                    member.DecodeFieldSignature(_collector, null);
                }

                break;
            case HandleKind.MethodSpecification:
                var specification = _reader.GetMethodSpecification((MethodSpecificationHandle)handle);
                Use(specification.Method);
                specification.DecodeSignature(_collector, null);
                break;
            case HandleKind.StandaloneSignature:
                var signature = _reader.GetStandaloneSignature((StandaloneSignatureHandle)handle);
                if (signature.GetKind() == StandaloneSignatureKind.Method)
                {
                    signature.DecodeMethodSignature(_collector, null);
                }

                break;
        }
    }

    private void AddEdge(TypeDefinitionHandle owner, TypeDefinitionHandle used)
    {
        if (Outermost(used) is not { } usedOwner || IsGenerated(_reader.GetTypeDefinition(usedOwner)))
        {
            return;
        }

        var from = NamespaceOf(owner);
        var to = NamespaceOf(usedOwner);
        if (from == to)
        {
            return;
        }

        if (!Edges.TryGetValue(from, out var targets))
        {
            Edges[from] = targets = new Dictionary<string, string>(StringComparer.Ordinal);
        }

        targets.TryAdd(to, $"{NameOf(owner)} uses {NameOf(usedOwner)}");
    }

    /// <summary>The top-level type that <paramref name="handle"/> is or is nested in; null for the module's own pseudo-type.</summary>
    private TypeDefinitionHandle? Outermost(TypeDefinitionHandle handle)
    {
        var type = _reader.GetTypeDefinition(handle);
        while (type.IsNested)
        {
            handle = type.GetDeclaringType();
            type = _reader.GetTypeDefinition(handle);
        }

        return _reader.GetString(type.Namespace).Length == 0 ? null : handle;
    }

    private bool IsGenerated(TypeDefinition type) =>
        type.GetCustomAttributes().Any(attribute => AttributeName(attribute) is "CompilerGeneratedAttribute" or "GeneratedCodeAttribute" or "EmbeddedAttribute");

    private string AttributeName(CustomAttributeHandle handle)
    {
        var constructor = _reader.GetCustomAttribute(handle).Constructor;
        var type = constructor.Kind == HandleKind.MemberReference ? _reader.GetMemberReference((MemberReferenceHandle)constructor).Parent : default;
        return type.Kind switch
        {
            HandleKind.TypeReference => _reader.GetString(_reader.GetTypeReference((TypeReferenceHandle)type).Name),
            _ when constructor.Kind == HandleKind.MethodDefinition =>
                _reader.GetString(_reader.GetTypeDefinition(_reader.GetMethodDefinition((MethodDefinitionHandle)constructor).GetDeclaringType()).Name),
            _ => string.Empty,
        };
    }

    private string NamespaceOf(TypeDefinitionHandle handle) => _reader.GetString(_reader.GetTypeDefinition(handle).Namespace);

    private string NameOf(TypeDefinitionHandle handle) => _reader.GetString(_reader.GetTypeDefinition(handle).Name);

    /// <summary>Decodes signatures only to note each type of this assembly they name.</summary>
    private sealed class TypeCollector : ISignatureTypeProvider<bool, object?>
    {
        public HashSet<TypeDefinitionHandle> Found { get; } = [];

        public bool GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => Found.Add(handle);

        public bool GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
            reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

        public bool GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => false;

        public bool GetPrimitiveType(PrimitiveTypeCode typeCode) => false;

        public bool GetSZArrayType(bool elementType) => false;

        public bool GetArrayType(bool elementType, ArrayShape shape) => false;

        public bool GetByReferenceType(bool elementType) => false;

        public bool GetPointerType(bool elementType) => false;

        public bool GetPinnedType(bool elementType) => false;

        public bool GetGenericInstantiation(bool genericType, ImmutableArray<bool> typeArguments) => false;

        public bool GetGenericMethodParameter(object? genericContext, int index) => false;

        public bool GetGenericTypeParameter(object? genericContext, int index) => false;

        public bool GetFunctionPointerType(MethodSignature<bool> signature) => false;

        public bool GetModifiedType(bool modifier, bool unmodifiedType, bool isRequired) => false;
    }
}
